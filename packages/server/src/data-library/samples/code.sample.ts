import type { SampleDataset } from './sample-dataset';

const task = (id: number, question: string, language: string, code: string, explanation: string) => ({
  id,
  question,
  answer: '```' + language + '\n' + code.trim() + '\n```\n\n' + explanation,
  meta: { language, lines: code.trim().split('\n').length },
});

/** Programming tasks answered with a fenced code block and a short explanation. */
export const CODE_SAMPLE: SampleDataset = {
  name: 'Python 与 SQL 编程小题',
  description: '常见的小型编程任务及参考实现，答案为带语言标注的代码块加简短说明，适合代码生成与讲解的评测。',
  tag: '编程',
  data_type: '代码',
  data_format: { meta: 'object' },
  readme: {
    title: 'Python 与 SQL 编程小题',
    fields: [
      { name: 'id', description: '题目编号' },
      { name: 'question', description: '编程任务描述' },
      { name: 'answer', description: 'Markdown 格式的参考答案：代码块及说明' },
      {
        name: 'meta',
        description: '附加信息',
        subfields: [
          { name: 'language', description: '编程语言' },
          { name: 'lines', description: '参考代码的行数' },
        ],
      },
    ],
  },
  image_field: '',
  records: [
    task(1, '写一个函数，判断一个字符串去掉空格并忽略大小写后是否为回文。', 'python', `
def is_palindrome(text: str) -> bool:
    letters = [c.lower() for c in text if not c.isspace()]
    return letters == letters[::-1]
`, '先去掉空白并统一为小写，再与反转后的列表比较。'),
    task(2, '统计一段英文文本中出现次数最多的三个单词。', 'python', `
from collections import Counter
import re

def top_words(text: str, n: int = 3):
    words = re.findall(r"[a-z']+", text.lower())
    return Counter(words).most_common(n)
`, 'Counter.most_common 直接按次数从高到低返回结果。'),
    task(3, '用二分查找在升序列表中找到目标值的下标，找不到返回 -1。', 'python', `
def binary_search(items, target):
    low, high = 0, len(items) - 1
    while low <= high:
        mid = (low + high) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            low = mid + 1
        else:
            high = mid - 1
    return -1
`, '每次比较后把查找范围缩小一半，时间复杂度为 O(log n)。'),
    task(4, '合并两个按开始时间排好序的区间列表中重叠的区间。', 'python', `
def merge(intervals):
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
`, '按开始位置排序后，只需和结果中最后一个区间比较即可。'),
    task(5, '查询每个部门工资最高的员工姓名（表 employees 有 name、dept、salary 列）。', 'sql', `
SELECT name, dept, salary
FROM (
  SELECT name, dept, salary,
         RANK() OVER (PARTITION BY dept ORDER BY salary DESC) AS r
  FROM employees
) ranked
WHERE r = 1;
`, '窗口函数 RANK 在每个部门内排序，并列最高的员工都会被选出。'),
    task(6, '统计 orders 表中每个月的订单数与销售总额（created_at 为时间戳列，amount 为金额）。', 'sql', `
SELECT date_trunc('month', created_at) AS month,
       count(*) AS orders,
       sum(amount) AS total
FROM orders
GROUP BY 1
ORDER BY 1;
`, 'date_trunc 把时间截到月初，再按月分组汇总。'),
    task(7, '写一个装饰器，打印被装饰函数每次调用的耗时。', 'python', `
import time
from functools import wraps

def timed(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return func(*args, **kwargs)
        finally:
            print(f"{func.__name__} 耗时 {time.perf_counter() - start:.3f} 秒")
    return wrapper
`, 'wraps 保留原函数的名字与文档；finally 保证出错时也会打印耗时。'),
    task(8, '把嵌套的列表展平成一维列表，例如 [1, [2, [3, 4]], 5] 变为 [1, 2, 3, 4, 5]。', 'python', `
def flatten(items):
    result = []
    stack = [iter(items)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, list):
                stack.append(iter(item))
                break
            result.append(item)
        else:
            stack.pop()
    return result
`, '用显式的栈代替递归，嵌套再深也不会超出递归深度限制。'),
  ],
};
