import type { SampleDataset } from './sample-dataset';

// String.raw keeps the formulas' backslashes as written (KaTeX reads \frac, not a form feed).
const note = (id: number, title: string, level: string, content: string) => ({ id, title, content: content.trim(), meta: { level, chars: content.trim().length } });

/** Longer explanations with inline ($…$) and display ($$…$$) formulas and markdown tables. */
export const LONG_TEXT_SAMPLE: SampleDataset = {
  name: '数学概念讲解长文本',
  description: '用通俗的语言讲解中学到大学初年级的数学概念，正文含行内公式、独立公式与表格，适合长文本理解与公式渲染。',
  tag: '数学,长文本',
  data_type: '长文本,数学',
  data_format: { meta: 'object' },
  readme: {
    title: '数学概念讲解长文本',
    fields: [
      { name: 'id', description: '编号' },
      { name: 'title', description: '讲解的主题' },
      { name: 'content', description: 'Markdown 正文：$…$ 为行内公式，$$…$$ 为独立公式，可含表格' },
      {
        name: 'meta',
        description: '附加信息',
        subfields: [
          { name: 'level', description: '适合的学习阶段' },
          { name: 'chars', description: '正文字数' },
        ],
      },
    ],
  },
  image_field: '',
  records: [
    note(1, '一元二次方程的求根公式', '初中', String.raw`
方程 $ax^2 + bx + c = 0$（$a \neq 0$）两边同除以 $a$ 后配方，可以得到求根公式：

$$x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}$$

其中 $\Delta = b^2 - 4ac$ 叫作**判别式**，它决定了根的情况：

| 判别式 | 根的情况 |
| --- | --- |
| $\Delta > 0$ | 两个不相等的实数根 |
| $\Delta = 0$ | 两个相等的实数根 |
| $\Delta < 0$ | 没有实数根 |

例如 $x^2 - 5x + 6 = 0$ 中 $\Delta = 25 - 24 = 1$，两根为 $x_1 = 3$、$x_2 = 2$。
`),
    note(2, '勾股定理与常见勾股数', '初中', String.raw`
直角三角形两条直角边 $a$、$b$ 与斜边 $c$ 满足：

$$a^2 + b^2 = c^2$$

满足这个关系的正整数组叫作勾股数。常见的几组如下：

| $a$ | $b$ | $c$ |
| --- | --- | --- |
| 3 | 4 | 5 |
| 5 | 12 | 13 |
| 8 | 15 | 17 |
| 7 | 24 | 25 |

把一组勾股数同时乘以同一个正整数，得到的仍是勾股数，例如 $6, 8, 10$。
`),
    note(3, '等差数列与等比数列的求和', '高中', String.raw`
**等差数列**首项为 $a_1$、公差为 $d$，前 $n$ 项和为

$$S_n = \frac{n(a_1 + a_n)}{2} = n a_1 + \frac{n(n-1)}{2} d$$

相传高斯小时候计算 $1 + 2 + \cdots + 100$，就是把首尾两两配对：$101 \times 50 = 5050$。

**等比数列**首项为 $a_1$、公比为 $q$（$q \neq 1$），前 $n$ 项和为

$$S_n = \frac{a_1 (1 - q^n)}{1 - q}$$

当 $|q| < 1$ 时，$n$ 趋于无穷，和趋于 $\frac{a_1}{1 - q}$。
`),
    note(4, '导数的几何意义', '高中', String.raw`
函数 $y = f(x)$ 在 $x_0$ 处的导数定义为

$$f'(x_0) = \lim_{\Delta x \to 0} \frac{f(x_0 + \Delta x) - f(x_0)}{\Delta x}$$

它等于曲线在点 $(x_0, f(x_0))$ 处切线的斜率，因此切线方程为 $y - f(x_0) = f'(x_0)(x - x_0)$。

几个常用的导数：

| 函数 | 导数 |
| --- | --- |
| $x^n$ | $n x^{n-1}$ |
| $\sin x$ | $\cos x$ |
| $e^x$ | $e^x$ |
| $\ln x$ | $\frac{1}{x}$ |
`),
    note(5, '概率中的古典概型', '高中', String.raw`
若试验的所有可能结果有限且每个结果出现的可能性相等，事件 $A$ 的概率为

$$P(A) = \frac{A \text{ 包含的基本事件数}}{\text{基本事件总数}}$$

掷两枚均匀的骰子，点数之和的概率分布如下（共 $36$ 种等可能结果）：

| 点数和 | 2 | 3 | 4 | 5 | 6 | 7 |
| --- | --- | --- | --- | --- | --- | --- |
| 结果数 | 1 | 2 | 3 | 4 | 5 | 6 |

所以和为 $7$ 的概率最大，为 $\frac{6}{36} = \frac{1}{6}$。
`),
    note(6, '向量的数量积', '高中', String.raw`
两个向量 $\vec{a}$、$\vec{b}$ 的数量积（点积）定义为

$$\vec{a} \cdot \vec{b} = |\vec{a}|\,|\vec{b}| \cos\theta$$

其中 $\theta$ 是两向量的夹角。在坐标下，若 $\vec{a} = (x_1, y_1)$，$\vec{b} = (x_2, y_2)$，则 $\vec{a} \cdot \vec{b} = x_1 x_2 + y_1 y_2$。

由此可判断两向量的位置关系：数量积为 $0$ 时互相垂直；数量积大于 $0$ 时夹角为锐角；小于 $0$ 时为钝角。
`),
    note(7, '矩阵乘法', '大学', String.raw`
设 $A$ 是 $m \times n$ 矩阵，$B$ 是 $n \times p$ 矩阵，乘积 $C = AB$ 是 $m \times p$ 矩阵，其元素为

$$c_{ij} = \sum_{k=1}^{n} a_{ik} b_{kj}$$

例如

$$\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \begin{pmatrix} 5 \\ 6 \end{pmatrix} = \begin{pmatrix} 17 \\ 39 \end{pmatrix}$$

注意矩阵乘法一般**不满足交换律**：$AB$ 与 $BA$ 可能不相等，甚至其中一个没有定义。
`),
    note(8, '复利与自然常数 e', '大学', String.raw`
本金为 $1$、年利率为 $100\%$，若一年中平均结息 $n$ 次，年末本息为 $\left(1 + \frac{1}{n}\right)^n$。结息越频繁，结果越接近一个常数：

| 结息次数 $n$ | 年末本息 |
| --- | --- |
| 1 | 2 |
| 12 | 2.613 |
| 365 | 2.7146 |
| 10000 | 2.7181 |

这个极限就是自然常数：

$$e = \lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n \approx 2.71828$$
`),
  ],
};
