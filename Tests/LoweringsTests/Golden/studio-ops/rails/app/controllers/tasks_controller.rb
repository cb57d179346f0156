class TasksController < ApplicationController
  before_action :set_task, only: %i[show edit update destroy]
  before_action :set_project, only: %i[new create]

  def index
    @tasks = Task.includes(:project).order(:id)
  end

  def show
  end

  def new
    @task = @project.tasks.build
  end

  def edit
  end

  def create
    @task = @project.tasks.build(task_params)

    if @task.save
      redirect_to @task, notice: "Task was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @task.update(task_params)
      redirect_to @task, notice: "Task was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @task.destroy!
    redirect_to tasks_path, notice: "Task was deleted.", status: :see_other
  end

  private

  def set_task
    @task = Task.find(params.expect(:id))
  end

  def set_project
    @project = Project.find(params.expect(:project_id))
  end

  def task_params
    params.expect(task: [:name, :due_on])
  end
end
